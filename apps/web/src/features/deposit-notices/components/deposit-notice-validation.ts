import { zodResolver } from '@hookform/resolvers/zod';
import type { IsoDate } from '@coop/shared/dates';
import { depositNoticeFormSchema } from '@coop/shared/deposit-notices';

/** The Make Contribution form's validation: the request's schema, with today (loaded lazily). */
export const depositNoticeResolver = (today: IsoDate) =>
  zodResolver(depositNoticeFormSchema(today));
