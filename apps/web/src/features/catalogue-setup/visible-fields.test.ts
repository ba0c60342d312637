import { describe, expect, it } from 'vitest';
import { dependentsOf, visibleFields } from './visible-fields';

const fields = [
  { id: 1, visible_if: null },
  { id: 2, visible_if: { field_id: 1, values: ['yes'] } },
  { id: 3, visible_if: { field_id: 2, values: [] } },
  { id: 4, visible_if: { field_id: 5, values: ['1'] } },
  { id: 5, visible_if: null },
  { id: 6, visible_if: { field_id: 7, values: [] } },
  { id: 7, visible_if: { field_id: 6, values: [] } },
];
const ids = (answers: Parameters<typeof visibleFields>[1]) => visibleFields(fields, answers).map((f) => f.id);

describe('visibleFields', () => {
  it('hides a field until its condition field has one of the values', () => {
    expect(ids({})).toEqual([1, 5]);
    expect(ids({ 1: 'no' })).toEqual([1, 5]);
    expect(ids({ 1: 'yes' })).toEqual([1, 2, 5]);
  });

  it('takes any answer when no values are named, and multi-select overlaps', () => {
    expect(ids({ 1: 'yes', 2: 'something' })).toEqual([1, 2, 3, 5]);
    expect(ids({ 1: ['maybe', 'yes'], 2: ['a'] })).toEqual([1, 2, 3, 5]);
    expect(ids({ 1: 'yes', 2: [] })).toEqual([1, 2, 5]);
  });

  it('treats a ticked checkbox as "1" and hides chains below a hidden field', () => {
    expect(ids({ 5: true })).toEqual([1, 4, 5]);
    expect(ids({ 5: false })).toEqual([1, 5]);
    // 3 has an answer-bearing parent 2, but 2 is hidden: 3 is hidden too.
    expect(ids({ 1: 'no', 2: 'x' })).toEqual([1, 5]);
  });

  it('never shows fields in a cycle', () => {
    expect(ids({ 6: 'a', 7: 'b' })).not.toContain(6);
    expect(ids({ 6: 'a', 7: 'b' })).not.toContain(7);
  });

  it('finds every field that depends on one', () => {
    expect([...dependentsOf(fields, 1)].sort()).toEqual([2, 3]);
    expect([...dependentsOf(fields, 3)]).toEqual([]);
  });
});
