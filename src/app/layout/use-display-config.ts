import { useQuery } from '@tanstack/react-query';
import { displayConfigQuery } from '../../lib/queries/catalog';

export function useDisplayConfig() {
  return useQuery(displayConfigQuery()).data;
}
