/**
 * Does an answer report a failure? The reading is built from classes of
 * wording rather than one list of words: failure nouns and verbs, verbs of
 * not answering, stopping, crashing and not obtaining, and the negation of
 * success verbs, in English and Chinese. A failure word that is counted as
 * zero, negated, or only names a thing (`0 failed`, `no errors`,
 * `error-free`, `the failed-login table`, `错误率`) reports nothing.
 */
// Verbs whose negation ("never responded", "didn't load", "could not get")
// says a tool gave nothing back: answering, succeeding, obtaining.
const ANSWER_VERBS = String.raw `respond(?:s|ed|ing)?|answer(?:s|ed|ing)?|repl(?:y|ies|ied|ying)|return(?:s|ed|ing)?|c(?:o|a)me\s+back|load(?:s|ed|ing)?|connect(?:s|ed|ing)?|reach(?:es|ed|ing)?|start(?:s|ed|ing)?|boot(?:s|ed|ing)?|launch(?:es|ed|ing)?|open(?:s|ed|ing)?`;
const SUCCESS_VERBS = String.raw `succeed(?:s|ed|ing)?|work(?:s|ed|ing)?|complet(?:e|es|ed|ing)|finish(?:es|ed|ing)?|pass(?:es|ed|ing)?|run|ran|runs|running|go(?:es)?\s+through|went\s+through|compil(?:e|es|ed|ing)|build|built|install(?:s|ed|ing)?|deploy(?:s|ed|ing)?|execut(?:e|es|ed|ing)|resolv(?:e|es|ed|ing)`;
const OBTAIN_VERBS = String.raw `get|gets|got|gotten|getting|fetch(?:es|ed|ing)?|obtain(?:s|ed|ing)?|download(?:s|ed|ing)?|retriev(?:e|es|ed|ing)|receiv(?:e|es|ed|ing)|access(?:es|ed|ing)?|read|pull(?:s|ed|ing)?`;
// "Did not find any duplicates" is a result, not a failure: finding is not obtaining here.
const CLASS_VERBS = `${ANSWER_VERBS}|${SUCCESS_VERBS}|${OBTAIN_VERBS}`;
const NEGATION = String.raw `(?:not|n['’]t|no\s+longer|unable\s+to|failed\s+to)`;
// After "never" only a past tense tells what happened ("never responded");
// the present describes a design ("the parser never loads the whole file").
const PAST_TENSE_AHEAD = String.raw `(?=\w+ed\b|came\b|ran\b|got\b|built\b|went\b)`;
const ENGLISH_TERMS = [
    // Failure nouns, verbs and adjectives.
    String.raw `fail(?:s|ed|ing|ures?)?`,
    String.raw `error(?:s|ed)?`,
    String.raw `exceptions?`,
    String.raw `tim(?:ed?|es|ing)?[\s-]*out|timeouts?`,
    // Limited by the other side: rate limits, throttling, quotas.
    String.raw `rate[\s-]*limit(?:s|ed|ing)?|throttl(?:e|es|ed|ing)|(?:over|exceeded\s+(?:the\s+|its\s+|my\s+|our\s+)?)quota`,
    String.raw `denied|refused|rejected|unavailable|unreachable|unresponsive|non-?responsive|forbidden|unauthori[sz]ed|blocked|broken|aborted|interrupted|cancell?ed|missing|problems?|unsuccessful(?:ly)?|unfortunately`,
    String.raw `went\s+wrong|no\s+such`,
    // Inability: could not, can't, unable.
    String.raw `(?:could|can)\s*not|cannot|(?:couldn|can|won)['’]t|unable`,
    String.raw `(?:not|n['’]t)\s+(?:available|installed|found|reachable|possible|able)`,
    // Negated answering, success and obtaining.
    String.raw `${NEGATION}\s+(?:\w+ly\s+)?(?:be\s+able\s+to\s+)?(?:${CLASS_VERBS})`,
    String.raw `never\s+(?:\w+ly\s+)?${PAST_TENSE_AHEAD}(?:${CLASS_VERBS})`,
    String.raw `no\s+(?:response|reply|answer)|without\s+(?:an?\s+)?(?:response|reply|answer)`,
    String.raw `(?:returned|gave|got|received)\s+(?:nothing|no\s+(?:data|output|response|reply|answer))|nothing\s+came\s+back`,
    String.raw `(?:returned|came\s+back)\s+(?:empty|blank)|empty\s+(?:response|reply|result|body|page)`,
    // Stopping: stalled, hung, froze, stuck, gave up, was killed, had to stop.
    String.raw `stall(?:s|ed|ing)?|hung|hangs|hanging|froze|frozen|freez(?:e|es|ing)|stuck|halted`,
    String.raw `g(?:ave|ive|ives|iving)\s+up`,
    String.raw `(?:was|were|got|been|be)\s+(?:killed|terminated|stopped|interrupted|aborted|halted)`,
    String.raw `had\s+to\s+(?:stop|kill|abort|cancel|terminate|interrupt|restart)`,
    String.raw `stopped\s+(?:responding|working|answering|replying)`,
    // Losing the connection.
    String.raw `(?:dropp(?:ed|ing)|los(?:t|ing)|reset(?:ting)?|clos(?:ed|ing))\s+(?:the\s+|its\s+|my\s+|our\s+)?connections?|connections?\s+(?:was\s+|were\s+|got\s+|kept\s+)?(?:dropped|dropping|lost|reset|closed)`,
    // Crashing and going down.
    String.raw `crash(?:ed|es|ing)?|died|segfault(?:s|ed)?|panicked|out\s+of\s+memory|OOM|fell\s+over|blew\s+up|(?:is|was|are|were|went|gone|been)\s+(?:down|offline)`,
    // An HTTP error status named as such, in any tense and plural: "HTTP 503",
    // "returned a 404", "kept returning 502s", "status 500".
    String.raw `(?:HTTP(?:/[\d.]+)?|status(?:\s+code)?|return(?:s|ed|ing)?(?:\s+an?)?|(?:answer|respond)(?:s|ed|ing)?\s+with(?:\s+an?)?|(?:got|get|gets|getting)\s+an?|receiv(?:e|es|ed|ing)\s+an?|thr(?:ew|ows?))\s+(?:HTTP(?:/[\d.]+)?\s+)?[45]\d\d(?:s|['’]s)?`,
];
// A term starts at a word boundary, or at the `n't` glued to its verb (isn't available).
const ENGLISH_FAILURE = new RegExp(String.raw `(?:\b|(?=n['’]t))(?:${ENGLISH_TERMS.join('|')})\b`, 'gi');
// Chinese: negation + a verb of answering, succeeding or obtaining, and
// words of failing, stopping and crashing.
const CHINESE_NEGATION = '(?:没有|没|未能|未|没能|不能|无法|不|并未|从未)';
// 回 alone is "answer" (不回消息), but not in 回滚/回退 (roll back); V+到 is "obtain" (查到, 等到).
const CHINESE_VERBS = '(?:回(?![滚退归收家])|响应|应答|返回|成功|完成|通过|启动|跑通|跑完|连上|连接上|连通|[拿取收读找查搜抓爬等得]到|获取|下载|打开|加载|安装|执行|结果)';
const CHINESE_TERMS = [
    '失败|无法|超时|错误|出错|报错|异常|未能|没能|不可用|不可访问|无响应',
    '拒绝|被拒|阻止|被阻|中断|被取消|取消了|缺少|缺失|未安装|找不到|不存在',
    '没有权限|无权限|权限不足|连不上|连接不上|获取不到|拿不到|取不到|读不到|访问不到|限流',
    '崩溃|崩了|崩掉|宕机|挂了|挂掉|挂起|死机|死掉|卡住|卡死|卡在|停在|停住|停滞|停止响应|中止|被终止|被杀|放弃|断[了开掉线]|掉线|瘫痪|失联|离线|限速',
    // An empty answer: 返回为空, 结果是空的.
    '(?:返回|结果|响应|输出|页面)(?:为|是)?空',
    '连接(?:被)?(?:重置|关闭|断开|中断|丢失)',
    '出现问题|有问题|遗憾|可惜',
    `${CHINESE_NEGATION}${CHINESE_VERBS}`,
    String.raw `(?:返回了?|状态码)\s*[45]\d\d`,
];
const CHINESE_FAILURE = new RegExp(CHINESE_TERMS.join('|'), 'g');
// A failure word counted as zero or negated: "0 failed", "no errors", "nothing
// failed", "did not fail", "never failed", "without failures", "none of the
// jobs failed". Two words may come between ("no test failed", "no warnings or errors").
const ENGLISH_DENIED_BEFORE = new RegExp(String.raw `(?:^|[^\w'’])(?:no|zero|0|nothing|none(?:\s+of(?:\s+the)?\s+\w+)?|without(?:\s+any)?|free\s+of|not\s+a\s+single|nor|neither|never|not|n['’]t|no\s+longer)\s+(?:\w+\s+){0,2}$`, 'i');
// "error-free", and a failure word that is part of a compound name
// (failed-login table, canceled-orders report; not OOM-killed, where the
// compound is itself a verb of failing) or names a metric or a
// design element (error rate, timeout handler, missing values).
const ENGLISH_DENIED_AFTER = /^(?:[-\s]?free\b|-(?![A-Za-z]+ed\b)[A-Za-z]|\s+(?:rates?|ratios?|handling|handlers?|bars?|budgets?|margins?|correction|modes?|injection|tolerance|values?|settings?|thresholds?|detection|analysis)\b)/i;
const CHINESE_DENIED_BEFORE = /(?:没有|没|无|未|零|0\s*个?|不会|均未|都没有?|并未|从未)(?:发现|出现|遇到|检测到|产生|报告)?(?:任何)?\s*$/;
// A metric or setting (错误率, 超时时间), or a failure word naming the rows of
// a table (失败订单, 失败登录记录) rather than saying something failed.
const CHINESE_DENIED_AFTER = /^(?:率|值|时间|设置|处理|检测|阈值|的?(?:订单|登录|记录|报表|汇总|表格?|清单|统计|列表|明细))/;
const READINGS = [
    { pattern: ENGLISH_FAILURE, deniedBefore: ENGLISH_DENIED_BEFORE, deniedAfter: ENGLISH_DENIED_AFTER },
    { pattern: CHINESE_FAILURE, deniedBefore: CHINESE_DENIED_BEFORE, deniedAfter: CHINESE_DENIED_AFTER },
];
// How much context decides whether a failure word is denied.
const BEFORE_CHARS = 32;
const AFTER_CHARS = 16;
function reportsInReading(answer, { pattern, deniedBefore, deniedAfter }) {
    for (const match of answer.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        const before = answer.slice(Math.max(0, start - BEFORE_CHARS), start);
        const after = answer.slice(end, end + AFTER_CHARS);
        if (!deniedBefore.test(before) && !deniedAfter.test(after))
            return true;
    }
    return false;
}
/**
 * Whether the answer says, in English or Chinese, that something failed.
 * Broad on purpose: any wording of failure that is not denied counts,
 * because the check only wants to catch answers that are silent about one.
 */
export function mentionsFailure(answer) {
    return READINGS.some((reading) => reportsInReading(answer, reading));
}
