/**
 * Recognise numbers the answer derives in the open: `2400 ms / 1500 ms = 1.6x`,
 * `(1708 - 1500) / 1500 ≈ 13.9%`. The result of a written-out calculation
 * whose arithmetic is right needs no source of its own; its operands still do.
 */
// One expression token: a number (optionally with a glued or spaced unit or
// percent sign), an operator, a parenthesis, or a word.
const TOKEN = /(\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?)(\s?%)?|([-+−×*·÷/()])|(\s+x\s+)|([A-Za-zµμ]+)|(\s+)|([^])/gy;
const EQUALS_THEN_NUMBER = /([=≈])\s*[$€£¥]?\s*(\d+(?:,\d{3})*(?:\.\d+)?)(\s?%)?/g;
// How far back from `=` an expression may start.
const MAX_EXPRESSION_CHARS = 120;
function tokenize(text) {
    const tokens = [];
    let afterNumber = false;
    TOKEN.lastIndex = 0;
    while (TOKEN.lastIndex < text.length) {
        const match = TOKEN.exec(text);
        if (match === null)
            return undefined;
        const [, digits, percent, op, spacedX, word, space] = match;
        if (digits !== undefined) {
            const value = Number(digits.replace(/,/g, ''));
            tokens.push({ kind: 'number', value: percent ? value / 100 : value });
            afterNumber = true;
        }
        else if (op !== undefined) {
            tokens.push({ kind: 'op', op: op === '−' ? '-' : op === '×' || op === '·' ? '*' : op === '÷' ? '/' : op });
            afterNumber = false;
        }
        else if (spacedX !== undefined) {
            tokens.push({ kind: 'op', op: '*' });
            afterNumber = false;
        }
        else if (word !== undefined) {
            // A word right after a number is its unit; any other word starts the expression afresh.
            if (!afterNumber)
                tokens.length = 0;
            afterNumber = false;
        }
        else if (space === undefined) {
            // Any other character ends what came before: the expression starts after it.
            tokens.length = 0;
            afterNumber = false;
        }
    }
    return tokens;
}
/** Recursive-descent evaluation of + - * / and parentheses; `undefined` when the tokens are not one expression. */
function evaluate(tokens) {
    let at = 0;
    let operators = 0;
    const peekOp = () => {
        const token = tokens[at];
        return token?.kind === 'op' ? token.op : undefined;
    };
    const primary = () => {
        const token = tokens[at];
        if (token === undefined)
            return undefined;
        if (token.kind === 'number') {
            at += 1;
            return token.value;
        }
        if (token.op === '(') {
            at += 1;
            const inner = sum();
            if (inner === undefined || peekOp() !== ')')
                return undefined;
            at += 1;
            return inner;
        }
        return undefined;
    };
    // One precedence level: operands from `operand`, joined left to right by `ops`.
    const level = (operand, ops, combine) => {
        return () => {
            let value = operand();
            for (let op = peekOp(); value !== undefined && op !== undefined && ops.includes(op); op = peekOp()) {
                at += 1;
                operators += 1;
                const right = operand();
                if (right === undefined)
                    return undefined;
                value = combine(value, op, right);
            }
            return value;
        };
    };
    const product = level(primary, '*/', (left, op, right) => (op === '*' ? left * right : left / right));
    function sum() {
        return additive();
    }
    const additive = level(product, '+-', (left, op, right) => (op === '+' ? left + right : left - right));
    const value = sum();
    return value !== undefined && at === tokens.length && operators > 0 && Number.isFinite(value) ? value : undefined;
}
/** The longest tail of `tokens` that is a whole expression, evaluated. */
function evaluateTail(tokens) {
    for (let start = 0; start < tokens.length; start += 1) {
        const value = evaluate(tokens.slice(start));
        if (value !== undefined)
            return value;
    }
    return undefined;
}
/** Whether `computed` rounds to the result as written (or to its percentage). */
function matchesWritten(computed, digits, percent) {
    const [whole = '', fraction = ''] = digits.replace(/,/g, '').split('.');
    const written = Number(`${whole}.${fraction || '0'}`);
    const half = 10 ** -fraction.length / 2;
    const margin = half * 1e-6;
    const candidates = percent ? [computed * 100, computed] : [Math.abs(computed)];
    return candidates.some((value) => Math.abs(Math.abs(value) - written) <= half + margin);
}
/**
 * Offsets (in `text`) of the numbers that are the right result of an
 * arithmetic expression written just before them with `=` or `≈`.
 * `text` should be the answer with code and URLs masked.
 */
export function derivedResultOffsets(text) {
    const offsets = new Set();
    for (const match of text.matchAll(EQUALS_THEN_NUMBER)) {
        const [whole, , digits = '', percent] = match;
        const start = Math.max(0, match.index - MAX_EXPRESSION_CHARS);
        // The expression ends at `=` and starts after the last clause break.
        const left = text.slice(start, match.index).split(/[\n:;，。；：=≈]|\.(?!\d)/).pop() ?? '';
        const tokens = tokenize(left);
        if (tokens === undefined)
            continue;
        const computed = evaluateTail(tokens);
        if (computed === undefined || !matchesWritten(computed, digits, percent !== undefined))
            continue;
        offsets.add(match.index + whole.length - digits.length - (percent ?? '').length);
    }
    return offsets;
}
