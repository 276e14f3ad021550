import { callLazy, lazyQuery } from '../../../lib/load-api';

const userEndpoints = () => import('../../../../contract/endpoints/user');

export const deviceListKey = ['devices'] as const;

/** user_get_device_list: the devices and the plan's limit; the caller's device is marked. */
export const deviceListQuery = () =>
  lazyQuery(deviceListKey, userEndpoints, (m) => m.userGetDeviceList, {});

/** user_unbind_device: removes the device and ends its sessions. */
export async function unbindDevice(id: number) {
  return callLazy(userEndpoints(), (m) => m.userUnbindDevice, { id });
}
