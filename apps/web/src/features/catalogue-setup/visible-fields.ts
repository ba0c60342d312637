import type { FieldCondition } from '@bookla/shared/catalogue-model';

/**
 * Conditional visibility of booking fields: a field with `visible_if` is shown only while the
 * field it names is shown and answered with one of `values` (empty `values`: any answer; a
 * checkbox answers `'1'` when ticked). A hidden field's answer counts as not given, so chains
 * hide together. Pure, for the live preview of the field screen.
 */
export interface ConditionalField {
  id: number;
  visible_if: FieldCondition | null;
}

export type Answer = string | string[] | boolean | null | undefined;
export type Answers = Record<number, Answer>;

function given(answer: Answer): string[] {
  if (answer === true) return ['1'];
  if (answer === false || answer === null || answer === undefined) return [];
  return (Array.isArray(answer) ? answer : [answer]).filter((v) => v !== '');
}

export function visibleFields<F extends ConditionalField>(fields: readonly F[], answers: Answers): F[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const memo = new Map<number, boolean>();
  const visible = (field: F, seen: Set<number>): boolean => {
    const known = memo.get(field.id);
    if (known !== undefined) return known;
    const condition = field.visible_if;
    let result = true;
    if (condition) {
      const parent = byId.get(condition.field_id);
      // A condition on a missing field, or a cycle, can never be met.
      if (!parent || seen.has(parent.id) || !visible(parent, new Set(seen).add(field.id))) result = false;
      else {
        const values = given(answers[parent.id]);
        result = condition.values.length === 0 ? values.length > 0 : values.some((v) => condition.values.includes(v));
      }
    }
    memo.set(field.id, result);
    return result;
  };
  return fields.filter((f) => visible(f, new Set([f.id])));
}

/** Fields that depend on `fieldId`, directly or through others (they cannot be its condition). */
export function dependentsOf(fields: readonly ConditionalField[], fieldId: number): Set<number> {
  const out = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of fields) {
      const parent = f.visible_if?.field_id;
      if (parent !== undefined && (parent === fieldId || out.has(parent)) && !out.has(f.id)) {
        out.add(f.id);
        grew = true;
      }
    }
  }
  return out;
}
