import { afterEach, describe, expect, test } from 'vitest';
import { showLanguage } from '../i18n/i18n.js';
import { noticeText } from './household-notice-text.js';

afterEach(async () => {
  await showLanguage('en');
});

describe('the household notice', () => {
  test('says where the data went, in plain words', () => {
    expect(noticeText({ change: 'joined', name: 'The Parks', pending: 0 })).toBe("You joined The Parks. This device now shows the family's toys.");
    expect(noticeText({ change: 'removed', name: 'The Parks', pending: 0 })).toBe(
      'You are no longer a member of The Parks. Its toys were removed from this device.',
    );
    const kept = noticeText({ change: 'removed', name: 'The Parks', pending: 2, handedIn: { taken: 3, refused: 2 } });
    expect(kept).toContain('The Parks, so its toys are no longer shown. 3 of your changes were handed in to it; 2 could not be (deletions, or things changed since you left).');
    expect(noticeText({ change: 'removed', name: 'The Parks', pending: 0, handedIn: { taken: 4, refused: 0 } })).toBe(
      'You are no longer a member of The Parks. Its toys were removed from this device. Your changes made before were handed in to it.',
    );
    expect(kept).toContain('2 changes you made there could not be sent: this device keeps them (Settings, Family).');
    expect(kept).not.toContain('removed from this device');
    expect(noticeText({ change: 'left', name: 'The Parks', pending: 1 })).toContain('1 change you made there could not be sent');
    expect(noticeText({ change: 'deleted', name: 'The Parks', pending: 0 })).toBe(
      'You deleted The Parks. Its toys were removed from this device. This device now shows your own household.',
    );
  });

  test('in the language shown', async () => {
    await showLanguage('de');
    expect(noticeText({ change: 'left', name: 'Die Parks', pending: 0 })).toBe(
      'Du hast Die Parks verlassen. Die Spielsachen wurden von diesem Gerät entfernt. Du siehst jetzt deine eigenen Spielsachen.',
    );
    expect(noticeText({ change: 'removed', name: 'Die Parks', pending: 1 })).toContain('1 Änderung, die du dort gemacht hast');
    // The hand-in's account too, not the server's English.
    expect(noticeText({ change: 'removed', name: 'Die Parks', pending: 1, handedIn: { taken: 1, refused: 1 } })).toContain(
      '1 deiner Änderungen wurde an die Familie übergeben; 1 konnten nicht übergeben werden',
    );
  });

  test('a household this device never learnt the name of is "the family", in the language shown', async () => {
    expect(noticeText({ change: 'removed', name: '', pending: 0 })).toBe('You are no longer a member of the family. Its toys were removed from this device.');
    await showLanguage('fr');
    expect(noticeText({ change: 'removed', name: '', pending: 0 })).toMatch(/^Vous ne faites plus partie de la famille\./);
    await showLanguage('de');
    expect(noticeText({ change: 'left', name: '', pending: 0 })).toMatch(/^Du hast die Familie verlassen\./);
  });
});
