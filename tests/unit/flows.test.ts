/**
 * `npm run flows` (scripts/flows.ts): the designers' page lists every machine of machines/ with all its
 * states and events, the visualizer file of each opens as the same statechart, and the committed
 * files are what the machines produce now.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMachine, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  findMachines,
  machineEvents,
  renderFlows,
  renderFlowsPage,
  stateNodes,
  statePath,
} from '../../scripts/flows';

const root = fileURLToPath(new URL('../..', import.meta.url));
const machines = await findMachines();

/** What Stately Studio's "Import from code" gets: the file's createMachine({...}) call. */
function importIntoVisualizer(source: string): AnyStateMachine {
  const body = source.slice(source.indexOf('createMachine(') + 'createMachine('.length);
  return createMachine(JSON.parse(body.slice(0, body.lastIndexOf(');'))) as object);
}

describe('npm run flows', () => {
  it('finds every machine file under machines/', () => {
    const files = readdirSync(join(root, 'machines'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((dir) =>
        readdirSync(join(root, 'machines', dir.name))
          .filter((name) => name.endsWith('.machine.ts'))
          .map((name) => `machines/${dir.name}/${name}`),
      )
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(machines.map((found) => found.file)).toEqual(files);
  });

  it('lists every state of every machine, with its events', () => {
    const page = renderFlowsPage(machines);
    for (const { machine } of machines) {
      const section = page.slice(page.indexOf(`\n## ${machine.id}\n`));
      expect(section, machine.id).not.toBe(page);
      const rows = section.split('\n').filter((line) => line.startsWith('| `'));
      const listed = rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1]);
      const states = stateNodes(machine).map(statePath);
      expect(states.length, machine.id).toBeGreaterThan(1);
      expect(listed.slice(0, states.length), machine.id).toEqual(states);
      const events = machineEvents(machine);
      expect(events.length, machine.id).toBeGreaterThan(0);
      for (const event of events)
        expect(section, `${machine.id} ${event}`).toContain(`\`${event}\``);
    }
  });

  it('writes for each machine a file the visualizer opens as the same statechart', async () => {
    const outputs = await renderFlows();
    for (const { machine } of machines) {
      const imported = importIntoVisualizer(outputs[`docs/flows/${machine.id}.js`]!);
      expect(imported.id).toBe(machine.id);
      expect(stateNodes(imported).map(statePath)).toEqual(stateNodes(machine).map(statePath));
      expect(machineEvents(imported)).toEqual(machineEvents(machine));
    }
  });

  it('has the committed docs up to date (run npm run flows)', async () => {
    for (const [file, text] of Object.entries(await renderFlows())) {
      expect(readFileSync(join(root, file), 'utf8'), file).toBe(text);
    }
  });
});
