import { queryOptions } from '@tanstack/react-query';
import { lazyQuery } from '../../../lib/load-api';

const systemEndpoints = () => import('../../../../contract/endpoints/system');

/**
 * system_user_benefits: only for yearly-paid users whose benefits have not expired. The titles are
 * operator content in the language of the call, so the language is part of the key.
 */
export const userBenefitsQuery = (enabled: boolean, locale: string) =>
  queryOptions({
    ...lazyQuery(['user-benefits', locale], systemEndpoints, (m) => m.systemUserBenefits, {}),
    enabled,
  });

/** system_benefits: what a yearly plan brings, for those who do not have it yet. */
export const benefitsCopyQuery = (locale: string) =>
  lazyQuery(['benefits-copy', locale], systemEndpoints, (m) => m.systemBenefits, {});
