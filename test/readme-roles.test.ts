/**
 * README's roles table says what each console role may do: it must say what the server enforces
 * (contract/admin/permissions.ts), or an owner hands out rights the table does not show.
 */
import fs from 'node:fs';
import path from 'node:path';
import { permissionsOf } from '../contract/admin/permissions';
import { STAFF_ROLES } from '../contract/admin/index';

const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');

describe("README's console roles table", () => {
  it.each([...STAFF_ROLES])('lists exactly the permissions of %s', (role) => {
    const row = readme.split('\n').find((line) => line.split('|')[1]?.trim() === `\`${role}\``);
    expect(row).toBeDefined();
    const listed = [...(row ?? '').split('|')[4].matchAll(/`([a-z]+\.[a-z]+)`/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...permissionsOf(role)].sort());
  });
});
