// engines: pglite (a pure table and the import graph: no database)
/**
 * The order state machine's table and planner, without a database: planTransition answers the
 * next state, the columns and the event row, or a refusal with its reason. Also checks that the
 * orders folder (and the payment/provider folders around it) import in one direction only: the
 * machine used to import the repository, which imported back through common.ts (now rules.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import {
  ACTIONS,
  ORDER_STATUSES,
  PAY_WINDOW_MINUTES,
  planTransition,
  refusalError,
  TERMINAL_STATUSES,
  TRANSITIONS,
  type Action,
  type OrderStatus,
  type TransitionFacts,
} from '../src/orders/machine.ts';

const now = new Date('2026-11-28T10:00:00Z');
const order = (status: OrderStatus, more: Partial<TransitionFacts> = {}): TransitionFacts => ({
  id: 7,
  user_id: 3,
  status,
  resume_status: null,
  deposit_method: 'paid',
  deposit: 50_000,
  ...more,
});

test('a user confirms a verified order: PENDING_SIGN, with the event row to record', () => {
  const plan = planTransition(order('PENDING_VERIFY'), 'confirm', {
    actor: 'user',
    userId: 3,
    now,
    note: 'ok',
    params: { amount: 100 },
  });
  assert.deepEqual(plan, {
    ok: true,
    from: 'PENDING_VERIFY',
    to: 'PENDING_SIGN',
    changes: { status: 'PENDING_SIGN', updated_at: now },
    event: {
      order_id: 7,
      action: 'confirm',
      from_status: 'PENDING_VERIFY',
      to_status: 'PENDING_SIGN',
      actor: 'user',
      note: 'ok',
      params: '{"amount":100}',
      created_at: now,
    },
  });
});

test('signing leads to the freeze only for an authorised deposit that is not zero', () => {
  const target = (more: Partial<TransitionFacts>) => {
    const plan = planTransition(order('PENDING_SIGN', more), 'sign', { actor: 'user', now });
    assert.ok(plan.ok);
    return plan.to;
  };
  assert.equal(target({ deposit_method: 'freeze' }), 'PENDING_FREEZE');
  assert.equal(target({ deposit_method: 'payscore' }), 'PENDING_FREEZE');
  assert.equal(target({ deposit_method: 'freeze', deposit: 0 }), 'PENDING_PAY');
  assert.equal(target({ deposit_method: 'paid' }), 'PENDING_PAY');
  assert.equal(target({ deposit_method: 'waived' }), 'PENDING_PAY');
});

test('entering PENDING_PAY opens the payment window; staying in it does not reopen it', () => {
  const plan = planTransition(order('PENDING_FREEZE'), 'freeze_succeeded', {
    actor: 'provider',
    now,
  });
  assert.ok(plan.ok);
  assert.deepEqual(
    plan.changes.pay_deadline,
    new Date(now.getTime() + PAY_WINDOW_MINUTES * 60_000),
  );
  const refrozen = planTransition(order('PENDING_FREEZE'), 'refreeze', { actor: 'user', now });
  assert.ok(refrozen.ok);
  assert.equal(refrozen.changes.pay_deadline, undefined);
});

test('a sub-process remembers where it started and goes back there', () => {
  const entered = planTransition(order('DUE'), 'apply_buyout', { actor: 'user', now });
  assert.ok(entered.ok);
  assert.equal(entered.to, 'BUYING_OUT');
  assert.equal(entered.changes.resume_status, 'DUE');
  const lapsed = planTransition(order('BUYING_OUT', { resume_status: 'DUE' }), 'buyout_lapsed', {
    actor: 'system',
    now,
  });
  assert.ok(lapsed.ok);
  assert.equal(lapsed.to, 'DUE');
  assert.equal(lapsed.changes.resume_status, null);
  const refused = planTransition(
    order('CANCEL_REVIEW', { resume_status: 'PENDING_SHIP' }),
    'refuse_cancel',
    { actor: 'ops', now },
  );
  assert.ok(refused.ok);
  assert.equal(refused.to, 'PENDING_SHIP');
  // Without a remembered state there is nowhere to go back to.
  const lost = planTransition(order('CANCEL_REVIEW'), 'refuse_cancel', { actor: 'ops', now });
  assert.deepEqual(lost, {
    ok: false,
    reason: 'no_target',
    status: 'CANCEL_REVIEW',
    action: 'refuse_cancel',
  });
});

test('a transition with several targets takes the chosen one, and refuses one it does not list', () => {
  const settled = planTransition(order('OVERDUE'), 'overdue_settled', {
    actor: 'system',
    now,
    to: 'DUE',
  });
  assert.ok(settled.ok);
  assert.equal(settled.to, 'DUE');
  const unlisted = planTransition(order('OVERDUE'), 'overdue_settled', {
    actor: 'system',
    now,
    to: 'COMPLETED',
  });
  assert.equal(unlisted.ok, false);
  assert.equal(!unlisted.ok && unlisted.reason, 'no_target');
});

test('refusals say why: no such order, another user, a state or an actor the table does not allow', () => {
  assert.deepEqual(planTransition(undefined, 'confirm', { actor: 'user', now }), {
    ok: false,
    reason: 'not_found',
  });
  assert.deepEqual(
    planTransition(order('PENDING_VERIFY'), 'confirm', { actor: 'user', userId: 4, now }),
    { ok: false, reason: 'not_found' },
  );
  const paid = planTransition(order('PENDING_REVIEW'), 'confirm', { actor: 'user', now });
  assert.deepEqual(paid, {
    ok: false,
    reason: 'not_allowed',
    status: 'PENDING_REVIEW',
    action: 'confirm',
  });
  const byUser = planTransition(order('PENDING_REVIEW'), 'approve', { actor: 'user', now });
  assert.equal(!byUser.ok && byUser.reason, 'wrong_actor');
  // What the customer gets: a 404, or a 409 naming the state.
  assert.equal(refusalError({ reason: 'not_found' }).statusCode, 404);
  const conflict = refusalError({
    reason: 'not_allowed',
    status: 'PENDING_REVIEW',
    action: 'confirm',
  });
  assert.equal(conflict.statusCode, 409);
  assert.match(conflict.message, /审核中.*PENDING_REVIEW.*confirm/);
});

test('terminal states take no action at all', () => {
  for (const status of TERMINAL_STATUSES)
    for (const action of ACTIONS)
      for (const actor of ['user', 'ops', 'system', 'provider'] as const)
        assert.equal(planTransition(order(status), action, { actor, now }).ok, false);
});

test('every transition in the table plans, for each of its states and actors, to a listed target', () => {
  for (const transition of TRANSITIONS)
    for (const from of transition.from)
      for (const actor of transition.by) {
        const targets =
          transition.to === 'RESUME'
            ? ['PENDING_SHIP']
            : typeof transition.to === 'string'
              ? [transition.to]
              : transition.to;
        for (const to of targets) {
          const facts = order(from, { resume_status: 'PENDING_SHIP' });
          const plan = planTransition(facts, transition.action, {
            actor,
            now,
            to: to as OrderStatus,
          });
          assert.ok(plan.ok, `${transition.action} from ${from} by ${actor}`);
          assert.ok(targets.includes(plan.to));
          assert.equal(plan.event.from_status, from);
          assert.equal(plan.changes.status, plan.to);
        }
      }
});

test('no two rows of the table answer the same action from the same state', () => {
  const seen = new Set<string>();
  for (const transition of TRANSITIONS)
    for (const from of transition.from) {
      const key = `${transition.action}@${from}`;
      assert.ok(!seen.has(key), key);
      seen.add(key);
    }
  for (const transition of TRANSITIONS) {
    assert.ok((ACTIONS as readonly Action[]).includes(transition.action));
    for (const from of transition.from) assert.ok(ORDER_STATUSES.includes(from));
  }
});

/** The relative imports of every .ts file under `dir` (type-only imports included). */
function importGraph(dir: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.endsWith('.ts')) files.push(full);
    }
  };
  walk(dir);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles
        .map((i) => i.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => path.resolve(path.dirname(file), name))
        .filter((target) => known.has(target)),
    );
  }
  return graph;
}

/** Each import cycle, as the files on it (depth-first search; one cycle per back edge). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(trail.slice(trail.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

test('the orders, payments and providers folders have no import cycle', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  const watched = ['orders', 'payments', 'providers'].map((dir) => path.join(src, dir) + path.sep);
  const onWatched = (cycle: string[]) => cycle.some((f) => watched.some((d) => f.startsWith(d)));
  const found = cycles(importGraph(src))
    .filter(onWatched)
    .map((cycle) => cycle.map((f) => path.relative(src, f)).join(' → '));
  assert.deepEqual(found, []);
});
