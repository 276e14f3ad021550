import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/load-api';

const userEndpoints = () => import('../../../../contract/endpoints/user');

export const deviceListKey = ['devices'] as const;

/** user_get_device_list: the devices and the plan's limit; the caller's device is marked. */
export const deviceListQuery = () =>
  queryOptions({
    queryKey: deviceListKey,
    queryFn: async () => {
      const [{ callApi }, { userGetDeviceList }] = await Promise.all([loadApi(), userEndpoints()]);
      return callApi(userGetDeviceList, {});
    },
  });

/** user_unbind_device: removes the device and ends its sessions. */
export async function unbindDevice(id: number) {
  const [{ callApi }, { userUnbindDevice }] = await Promise.all([loadApi(), userEndpoints()]);
  return callApi(userUnbindDevice, { id });
}
