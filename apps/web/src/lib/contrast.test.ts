import { SERVICE_COLOR_HEXES } from '@app/shared/schemas/services';
import { describe, expect, it } from 'vitest';
import { readableTextColor } from './contrast';

describe('state badge text', () => {
  it('is whichever of black or white reads better on each palette colour', () => {
    expect(SERVICE_COLOR_HEXES.map(readableTextColor)).toEqual(['#000', '#000', '#000', '#000', '#fff']);
  });
});
