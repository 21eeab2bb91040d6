import { matchesAnyWildcard } from './wildcard.js';
const REASON_MAX_CHARS = 80;
/** `status` values compare in one spelling: lower case, `_` for spaces and dashes. */
function normalizeStatus(status) {
    return status.trim().toLowerCase().replace(/[\s-]+/g, '_');
}
/**
 * Results larger than this are not parsed as JSON: a status report is small,
 * and parsing megabytes of output at every turn end would cost more than the
 * rest of the check.
 */
const MAX_JSON_STATUS_CHARS = 256 * 1024;
/** The top-level `status` string of a JSON object result, if the output is one. */
function jsonStatus(output) {
    if (output.length > MAX_JSON_STATUS_CHARS || !output.includes('"status"'))
        return undefined;
    const text = output.trim();
    if (!text.startsWith('{') || !text.endsWith('}'))
        return undefined;
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        return undefined;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return undefined;
    const status = parsed['status'];
    return typeof status === 'string' ? status : undefined;
}
function firstLine(text) {
    const line = text.trim().split('\n', 1)[0]?.trim() ?? '';
    return line.length > REASON_MAX_CHARS ? `${line.slice(0, REASON_MAX_CHARS - 1)}…` : line;
}
/**
 * Why a call counts as failed, or `undefined` when it did not fail. A call
 * fails when dsh marks its result as an error or when the result is a JSON
 * object whose `status` matches one of `failureStatuses`. A shell command
 * that exits non-zero is a normal result and does not count.
 */
export function failureReason(call, failureStatuses) {
    if (call.isError)
        return firstLine(call.output) || 'error';
    const status = jsonStatus(call.output);
    if (status === undefined)
        return undefined;
    const normalized = normalizeStatus(status);
    const failed = failureStatuses.some((pattern) => matchesAnyWildcard([normalizeStatus(pattern)], normalized));
    return failed ? `status ${JSON.stringify(status)}` : undefined;
}
// Word-bounded English phrases; `n't` is matched with both apostrophes.
const ENGLISH_FAILURE_WORDS = new RegExp([
    String.raw `\bfail(?:s|ed|ing|ures?)?\b`,
    String.raw `\berror(?:s|ed)?\b`,
    String.raw `\b(?:could|can)\s*not\b`,
    // couldn't, can't, won't, wasn't able, isn't available: the `n't` glued to the verb.
    String.raw `\b(?:couldn|can|won)['’]t\b`,
    String.raw `\b(?:did|does|do|would|will|was|were)\s*(?:not|n['’]t)\s+(?:work|succeed|complete|finish|run|return|start|load|respond|exist|able|go\s+through)\b`,
    String.raw `\bcannot\b`,
    String.raw `\bunable\b`,
    String.raw `\bunsuccessful(?:ly)?\b`,
    String.raw `\bunfortunately\b`,
    String.raw `\btim(?:ed?|es|ing)?[\s-]*out\b`,
    String.raw `\btimeouts?\b`,
    String.raw `\bcrash(?:ed|es|ing)?\b`,
    String.raw `\b(?:denied|refused|rejected|unavailable|unreachable|forbidden|unauthori[sz]ed|blocked|broken|aborted|interrupted)\b`,
    String.raw `\bcancell?ed\b`,
    String.raw `\bexceptions?\b`,
    String.raw `\brate[\s-]*limit(?:s|ed|ing)?\b`,
    String.raw `(?:\bnot|n['’]t)\s+(?:available|installed|found|reachable|possible|able|work(?:ing)?|succeed|exist)\b`,
    String.raw `\bno\s+such\b`,
    String.raw `\b(?:is|was|are|were|went)\s+down\b`,
    // An HTTP error status named as such: "HTTP 503", "returned a 404", "status 500".
    String.raw `\b(?:HTTP(?:/[\d.]+)?|status(?:\s+code)?|returned(?:\s+an?)?|(?:answered|responded)\s+with(?:\s+an?)?|got\s+an?|received\s+an?)\s+(?:HTTP(?:/[\d.]+)?\s+)?[45]\d\d\b`,
    String.raw `\bmissing\b`,
    String.raw `\bproblems?\b`,
    String.raw `\bwent\s+wrong\b`,
].join('|'), 'i');
const CHINESE_FAILURE_WORDS = new RegExp([
    '失败|无法|超时|错误|出错|报错|异常|不能|未能|没能|没有成功|未成功|不成功|没成功|不可用|不可访问',
    '拒绝|被拒|阻止|被阻|中断|取消|崩溃|宕机|挂了|缺少|缺失|未安装|没有安装|找不到|未找到|没有找到|不存在',
    '没有权限|无权限|权限不足|连不上|连接不上|获取不到|拿不到|读不到|访问不到|限流',
    '未完成|没有完成|没完成|未返回|没有返回|无响应|没有响应|出现问题|有问题|遗憾|可惜',
    String.raw `(?:返回了?|状态码)\s*[45]\d\d`,
].join('|'));
/**
 * Whether the answer says, in English or Chinese, that something failed.
 * Deliberately broad: any such wording counts, because the check only wants
 * to catch answers that are silent about a failure.
 */
export function mentionsFailure(answer) {
    return ENGLISH_FAILURE_WORDS.test(answer) || CHINESE_FAILURE_WORDS.test(answer);
}
/**
 * Tools that failed in this turn with no later successful call to the same
 * tool, when the answer never mentions a failure. Tools matching
 * `ignoreTools` are left out. One entry per tool, in order of first failure.
 */
export function findUnreportedFailures(calls, answer, options) {
    const open = new Map();
    for (const call of calls) {
        if (matchesAnyWildcard(options.ignoreTools, call.tool))
            continue;
        const reason = failureReason(call, options.failureStatuses);
        if (reason === undefined)
            open.delete(call.tool);
        else if (!open.has(call.tool))
            open.set(call.tool, reason);
    }
    if (open.size === 0 || mentionsFailure(answer))
        return [];
    return [...open].map(([tool, reason]) => ({ tool, reason }));
}
