import { useQuery } from '@tanstack/react-query';
import { displayConfigQuery } from './catalog';

export function useDisplayConfig() {
  return useQuery(displayConfigQuery()).data;
}

/** The support e-mail of the display config, or the built-in one until it has answered. */
export function useSupportEmail(): string {
  return useDisplayConfig()?.links.supportEmail ?? 'support@kestrel.example';
}
