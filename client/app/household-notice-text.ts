import type { HouseholdNotice } from '../session/kept-data.js';
import { i18n } from '../i18n/i18n.js';

/**
 * What the person is told after the device switched to another household's data, in the
 * language shown, with how many changes were handed in after leaving (decision 016).
 */
export function noticeText(notice: HouseholdNotice): string {
  const t = i18n.t.bind(i18n);
  if (notice.change === 'joined') return t('app:household.joined', { name: notice.name });
  // A household whose name this device never learnt is "the family", in the language shown.
  const what = notice.name ? t(`app:household.what.${notice.change}`, { name: notice.name }) : t(`app:household.whatUnnamed.${notice.change}`);
  const own = notice.change === 'removed' ? '' : ` ${t(`app:household.own.${notice.change}`)}`;
  const handedIn = notice.handedIn ? ` ${handedInText(notice.handedIn)}` : '';
  if (notice.pending === 0) return `${t('app:household.gone', { what })}${handedIn}${own}`;
  return `${t('app:household.hidden', { what })}${handedIn} ${t('app:household.unsent', { count: notice.pending })}${own}`;
}

function handedInText({ taken, refused }: { taken: number; refused: number }): string {
  if (refused === 0) return i18n.t('app:household.handedIn');
  return i18n.t('app:household.handedInPart', { count: taken, refused });
}
