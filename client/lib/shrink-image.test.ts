import { describe, expect, it } from 'vitest';
import { fitWithin } from './shrink-image.js';

describe('fitWithin', () => {
  it('keeps small images as they are', () => {
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
  });
  it('scales wide images down to 640 px wide', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 640, height: 480 });
  });
  it('scales tall images down to 1000 px high', () => {
    expect(fitWithin(3000, 6000)).toEqual({ width: 500, height: 1000 });
  });
  it('uses the tighter of the two limits', () => {
    expect(fitWithin(1280, 2400)).toEqual({ width: 533, height: 1000 });
  });
  it('never collapses to zero', () => {
    expect(fitWithin(10_000, 1)).toEqual({ width: 640, height: 1 });
  });
});
