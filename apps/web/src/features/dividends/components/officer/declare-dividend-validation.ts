import { zodResolver } from '@hookform/resolvers/zod';
import { dividendPreviewFormSchema } from '@coop/shared/dividends';

/** The preview's validation, the API's rules for a year and a rate (loaded lazily, decision 125). */
export const declareDividendResolver = zodResolver(dividendPreviewFormSchema);
