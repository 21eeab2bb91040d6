import type { Findings } from './findings.js';
import type { ResultCheckOptions } from './options.js';

/** First line of every note; lets a reader (and the e2e suite) recognise the check's steering. */
export const NOTE_HEADING = 'Result check: before this turn ends, fix your final answer.';

function plural(count: number, singular: string, pluralForm: string): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** The one-line notice shown in the conversation, e.g. `Result check: 2 unsourced numbers`. */
export function formatNotice(findings: Findings): string {
  const parts: string[] = [];
  if (findings.failures.length > 0) {
    parts.push(plural(findings.failures.length, 'unreported tool failure', 'unreported tool failures'));
  }
  if (findings.numbers.length > 0) {
    parts.push(plural(findings.numbers.length, 'unsourced number', 'unsourced numbers'));
  }
  return `Result check: ${parts.join(', ')}`;
}

function failureSection(findings: Findings): string[] {
  if (findings.failures.length === 0) return [];
  return [
    '',
    'Unreported tool failure: these tool calls failed, no later call to the same tool succeeded, and your answer does not say so:',
    ...findings.failures.map((failure) => `- \`${failure.tool}\`: ${failure.reason}`),
    'Say in your answer what failed and what that means for the result.',
  ];
}

function numberSection(findings: Findings, maxListed: number): string[] {
  const { numbers } = findings;
  if (numbers.length === 0) return [];
  const listed = numbers.slice(0, maxListed).map((claim) => `- ${claim.text}`);
  const rest = numbers.length - listed.length;
  return [
    '',
    'Unsourced numbers: no tool output, tool argument or user message of this session contains these numbers at the precision you wrote them:',
    ...listed,
    ...(rest > 0 ? [`- … and ${rest} more`] : []),
    'For each one: name the tool output it comes from, add a one-line derivation from sourced numbers, or correct it. Do not change a number that is right.',
  ];
}

/** The model-facing note: what to fix, then a request for the final answer again. */
export function formatNote(findings: Findings, options: Pick<ResultCheckOptions, 'maxListedNumbers'>): string {
  return [
    NOTE_HEADING,
    ...failureSection(findings),
    ...numberSection(findings, options.maxListedNumbers),
    '',
    'Then give your complete final answer again.',
  ].join('\n');
}
