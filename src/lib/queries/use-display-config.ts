import { useQuery } from '@tanstack/react-query';
import { displayConfigQuery } from './catalog';

export function useDisplayConfig() {
  return useQuery(displayConfigQuery()).data;
}
