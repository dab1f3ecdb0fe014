import { describe, expect, it } from 'vitest';
import { titleFromFileName } from './batch-title.js';

describe('titleFromFileName', () => {
  it('turns a named file into a title: no extension, separators as spaces, a capital first letter', () => {
    expect(titleFromFileName('wooden_train-set.jpg')).toBe('Wooden train set');
    expect(titleFromFileName('Stacking cups.PNG')).toBe('Stacking cups');
    expect(titleFromFileName('lego.duplo.bucket.heic')).toBe('Lego duplo bucket');
    expect(titleFromFileName('ábaco de madera.jpeg')).toBe('Ábaco de madera');
  });

  it("leaves the title empty for a camera's or a screenshot's own name", () => {
    for (const name of ['IMG_2041.jpg', 'PXL_20261127_101500123.jpg', 'DSC01234.JPG', 'Screenshot 2026-11-27 at 10.15.00.png', '20261127_101500.jpg', 'WhatsApp Image 2026-11-27 at 10.15.00.jpeg', 'image.png', '1.jpg']) {
      expect(titleFromFileName(name), name).toBe('');
    }
  });

  it('keeps a title within the longest a toy title may be', () => {
    expect(titleFromFileName(`${'a'.repeat(300)}.jpg`)).toHaveLength(200);
  });
});
