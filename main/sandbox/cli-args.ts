import { API_MODES, type ApiMode } from '../../shared/api/connection.js';
import { ANSWER_PROFILES, type AnswerOptions, type AnswerProfile } from './answers/profiles.js';

export const USAGE =
  'usage: npm run sandbox -- --port <P> --mode <v2|legacy> [--fixture <file.json>] [--db <file>]' +
  ' [--answers extended|spec|varied [--seed N]]';

export interface CliArgs {
  port: number;
  mode: ApiMode;
  fixture?: string;
  db?: string;
  answers: AnswerOptions;
}

export class CliError extends Error {
  override name = 'CliError';
}

const FLAGS = ['--port', '--mode', '--fixture', '--db', '--answers', '--seed'] as const;
type Flag = (typeof FLAGS)[number];

/** Parses the DESIGN.md command line; every mistake is a CliError saying what to change. */
export function parseCliArgs(argv: readonly string[]): CliArgs | 'help' {
  const values = new Map<Flag, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (!(FLAGS as readonly string[]).includes(name)) throw new CliError(`unknown argument "${arg}"`);
    const flag = name as Flag;
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--')))
      throw new CliError(`${flag} needs a value`);
    if (values.has(flag)) throw new CliError(`${flag} is given twice`);
    values.set(flag, value);
  }

  const portText = values.get('--port');
  if (portText === undefined) throw new CliError('--port is required (0 picks a free port)');
  const port = /^\d+$/.test(portText) ? Number(portText) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--port must be a whole number from 0 to 65535, got "${portText}"`);

  const mode = values.get('--mode');
  if (mode === undefined) throw new CliError('--mode is required: v2 or legacy');
  if (!(API_MODES as readonly string[]).includes(mode))
    throw new CliError(`--mode must be v2 or legacy, got "${mode}"`);

  const fixture = values.get('--fixture');
  const db = values.get('--db');
  if (fixture === '') throw new CliError('--fixture needs a file path');
  if (db === '') throw new CliError('--db needs a file path');
  return {
    port,
    mode: mode as ApiMode,
    ...(fixture ? { fixture } : {}),
    ...(db ? { db } : {}),
    answers: parseAnswers(values.get('--answers'), values.get('--seed')),
  };
}

/** `--answers extended|spec|varied [--seed N]`; shared with the browser host's embedded sandbox. */
export function parseAnswers(profile: string | undefined, seedText: string | undefined): AnswerOptions {
  const chosen = profile ?? 'extended';
  if (!(ANSWER_PROFILES as readonly string[]).includes(chosen)) {
    throw new CliError(`--answers must be one of ${ANSWER_PROFILES.join(', ')}, got "${chosen}"`);
  }
  if (seedText === undefined) return { profile: chosen as AnswerProfile };
  if (chosen !== 'varied') throw new CliError('--seed applies to --answers varied only');
  if (!/^\d{1,9}$/.test(seedText)) throw new CliError(`--seed must be a whole number, got "${seedText}"`);
  return { profile: 'varied', seed: Number(seedText) };
}
