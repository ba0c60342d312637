import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '../../test/build-test-app.ts';
import { owner, type Staff } from '../teams/test-helpers.ts';

/** Set-up shared by the timetable, resource and calendar tests. */

export async function createCourse(client: TestClient, name = 'Yoga'): Promise<number> {
  const typeSetId = (await client.get('/api/course/type_sets')).json().data[0].id;
  const res = await client.post('/api/course/store', { type_set_id: typeSetId, name: { de: name, en: `${name} EN` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().course_id;
}

/** A company (de + en, Europe/Zurich) with its owner and one course. */
export async function ownerWithCourse(app: FastifyInstance): Promise<Staff & { courseId: number }> {
  const a = await owner(app);
  return { ...a, courseId: await createCourse(a.client) };
}

export async function addSession(client: TestClient, courseId: number, startsAt: string, endsAt: string): Promise<number> {
  const res = await client.post(`/api/courses/${courseId}/sessions`, { starts_at: startsAt, ends_at: endsAt });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** A resource group with resources of the given capacities; returns the resource ids. */
export async function addResources(client: TestClient, capacities: number[], name = 'Räume'): Promise<{ groupId: number; ids: number[] }> {
  const res = await client.post('/api/sa/resources', {
    name: { de: name, en: `${name} EN` },
    kind: 'room',
    resources: capacities.map((capacity, i) => ({ name: { de: `${name} ${i + 1}`, en: `${name} ${i + 1} EN` }, capacity })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { groupId: res.json().data.id, ids: res.json().data.resources.map((r: { id: number }) => r.id) };
}
