// The event bus hands each message to every subscriber, whatever another one does with it: a subscriber
// that throws is logged, the others still get the message, and nothing escapes into the bus.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { type BusMessage, createEventBus, type EventBus } from './events';

let database: Database;
let bus: EventBus;
const said: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  bus = await createEventBus(database, (line) => said.push(line));
});
afterAll(async () => {
  await bus?.close();
  await database?.close();
});

it('a subscriber that throws is logged, and the others still get the message', async () => {
  const heard: BusMessage[] = [];
  const offBroken = bus.subscribe(() => {
    throw new Error('broken subscriber');
  });
  const offHeard = bus.subscribe((msg) => heard.push(msg));
  await bus.publish({ userIds: [7] });
  expect(heard).toEqual([{ userIds: [7] }]);
  expect(said).toContain('event bus: a subscriber failed (broken subscriber)');
  offBroken();
  offHeard();
});
