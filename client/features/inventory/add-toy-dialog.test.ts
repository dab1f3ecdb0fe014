import { describe, expect, it } from 'vitest';
import { addToyProblem, NO_IMAGE } from './add-toy-dialog.js';

const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });

describe('addToyProblem', () => {
  it('checks the plan limit first', () => {
    expect(addToyProblem(100, 100, { photo: null, title: '' })).toBe('Toys amount reached the limit');
    expect(addToyProblem(1, 1, { photo, title: 'Kite' })).toBe('Toys amount reached the limit');
  });
  it('then asks for an image', () => {
    expect(addToyProblem(5, 100, { photo: null, title: 'Kite' })).toBe(NO_IMAGE);
    expect(NO_IMAGE).toBe('Image was not picked');
  });
  it('then needs a title that is not blank', () => {
    expect(addToyProblem(5, 100, { photo, title: '   ' })).toBe('Title is required');
  });
  it('lets a complete toy under the limit through', () => {
    expect(addToyProblem(99, 100, { photo, title: 'Kite' })).toBeNull();
  });
});
