import { queryOptions } from '@tanstack/react-query';
import { loadApi } from '../../../lib/load-api';

const systemEndpoints = () => import('../../../../contract/endpoints/system');

/** system_user_benefits: only for yearly-paid users whose benefits have not expired. */
export const userBenefitsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['user-benefits'],
    enabled,
    queryFn: async () => {
      const [{ callApi }, { systemUserBenefits }] = await Promise.all([
        loadApi(),
        systemEndpoints(),
      ]);
      return callApi(systemUserBenefits, {});
    },
  });

/** system_benefits: what a yearly plan brings, for those who do not have it yet. */
export const benefitsCopyQuery = () =>
  queryOptions({
    queryKey: ['benefits-copy'],
    queryFn: async () => {
      const [{ callApi }, { systemBenefits }] = await Promise.all([loadApi(), systemEndpoints()]);
      return callApi(systemBenefits, {});
    },
  });
