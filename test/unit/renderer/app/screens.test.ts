import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../../renderer/app/screens.js';

describe('the sidebar', () => {
  it('lists the screens in the order of their keys, Alt+1 to Alt+8, as the Electron menu does', () => {
    expect(SCREENS.map((s) => s.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(SCREENS.map((s) => s.label).slice(-2)).toEqual(['Settings', 'Labels']);
  });
});
