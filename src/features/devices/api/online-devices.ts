import { callLazy, lazyQuery } from '../../../lib/load-api';

const nodeEndpoints = () => import('../../../../contract/endpoints/nodes');

export const onlineDevicesKey = ['online-devices'] as const;

/** user_online_devices: the IPs the VPN nodes see online for the user, and their limit. */
export const onlineDevicesQuery = () =>
  lazyQuery(onlineDevicesKey, nodeEndpoints, (m) => m.userOnlineDevices, {});

/** user_remove_online_device: frees the seat the IP holds on the nodes. */
export async function removeOnlineDevice(ip: string) {
  return callLazy(nodeEndpoints(), (m) => m.userRemoveOnlineDevice, { ip });
}
