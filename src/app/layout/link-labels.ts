import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Labels of the display-config link keys (docs/web.md lists the keys the server sends). An unknown
 * key is shown as it is, so a new link appears before its translation does.
 */
export const LINK_LABELS: Record<string, MessageDescriptor> = {
  blog: msg`Blog`,
  status: msg`Service status`,
  github: msg`GitHub mirrors`,
  faq: msg`FAQ`,
  announcements: msg`Announcements`,
  studentDiscount: msg`Student discount`,
  plans: msg`Plans`,
};

export function linkLabel(
  translate: (descriptor: MessageDescriptor) => string,
  key: string,
): string {
  const descriptor = LINK_LABELS[key];
  return descriptor ? translate(descriptor) : key;
}
