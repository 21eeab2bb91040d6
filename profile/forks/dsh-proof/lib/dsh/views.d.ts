/**
 * The canonical JSON values the four tools return, and their output schemas
 * (dsh-tools' schema DSL, validated by the host against every result). These
 * are the adapter's stable, model-facing contract; `translate.ts` fills them
 * from the engine's results.
 */
import type { InferValue } from '@deepseek-ai/dsh-tools';
import type { IntegrityReport } from '../core/log/index.js';
export type Grade = 'proven' | 'regressed' | 'stale' | 'unproven' | 'no-baseline';
export declare const GRADES: readonly Grade[];
export declare const INTEGRITY_SCHEMA: {
    readonly type: "object";
    readonly required: true;
    readonly additionalProperties: false;
    readonly properties: {
        readonly chainMode: {
            readonly type: "string";
            readonly required: true;
            readonly enum: readonly ["signed", "hash-only"];
        };
        readonly records: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly checkpoints: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly chainIntact: {
            readonly type: "boolean";
            readonly required: true;
        };
        readonly firstBrokenRecord: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "integer";
            }, {
                readonly type: "null";
            }];
        };
        readonly rewindDetected: {
            readonly type: "boolean";
            readonly required: true;
        };
        readonly baselineTampered: {
            readonly type: "boolean";
            readonly required: true;
        };
        readonly baselineForeign: {
            readonly type: "boolean";
            readonly required: true;
        };
        readonly unverifiableCheckpoints: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly forgedCheckpoints: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly anchorForged: {
            readonly type: "boolean";
            readonly required: true;
        };
        readonly tailRecords: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly intact: {
            readonly type: "boolean";
            readonly required: true;
        };
        readonly problems: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
    };
};
export declare const TALLY_SCHEMA: {
    readonly type: "object";
    readonly required: true;
    readonly additionalProperties: false;
    readonly properties: {
        readonly passing: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly regressions: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly preExisting: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly indeterminate: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly notRun: {
            readonly type: "integer";
            readonly required: true;
        };
    };
};
export declare const VERIFY_SCHEMA: {
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly grade: {
            readonly type: "string";
            readonly required: true;
            readonly enum: readonly Grade[];
        };
        /** How the re-run checks were chosen: `resolved` (TypeScript's own module resolution joined the import graph), `approximate` (the pattern graph), `forced` (every check). */
        readonly impactPrecision: {
            readonly type: "string";
            readonly required: true;
            readonly enum: readonly ["resolved", "approximate", "forced"];
        };
        readonly evidenceRoot: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "string";
            }, {
                readonly type: "null";
            }];
        };
        readonly tally: {
            readonly type: "object";
            readonly required: true;
            readonly additionalProperties: false;
            readonly properties: {
                readonly passing: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly regressions: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly preExisting: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly indeterminate: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly notRun: {
                    readonly type: "integer";
                    readonly required: true;
                };
            };
        };
        readonly ran: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly regressions: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly check: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly verdict: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    /** Session files (the agent's, explicit, unknown origin) that can explain it, most likely first. */
                    readonly suspects: {
                        readonly type: "array";
                        readonly required: true;
                        readonly items: {
                            readonly type: "string";
                        };
                    };
                    /** Files changed outside the agent's tool stream that can explain it, most likely first. */
                    readonly externalSuspects: {
                        readonly type: "array";
                        readonly required: true;
                        readonly items: {
                            readonly type: "string";
                        };
                    };
                    /** `external`: its only plausible cause changed outside the session — not charged. */
                    readonly cause: {
                        readonly type: "string";
                        readonly required: true;
                        readonly enum: readonly ["session", "external"];
                    };
                    readonly salientLine: {
                        readonly required: true;
                        readonly oneOf: readonly [{
                            readonly type: "string";
                        }, {
                            readonly type: "null";
                        }];
                    };
                };
            };
        };
        readonly changed: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly path: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly origin: {
                        readonly type: "string";
                        readonly required: true;
                        readonly enum: readonly ["agent", "external", "explicit", "unknown"];
                    };
                };
            };
        };
        readonly external: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly changeMethods: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly degraded: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "string";
            }, {
                readonly type: "null";
            }];
        };
        readonly blockers: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly integrity: {
            readonly type: "object";
            readonly required: true;
            readonly additionalProperties: false;
            readonly properties: {
                readonly chainMode: {
                    readonly type: "string";
                    readonly required: true;
                    readonly enum: readonly ["signed", "hash-only"];
                };
                readonly records: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly checkpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly chainIntact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly firstBrokenRecord: {
                    readonly required: true;
                    readonly oneOf: readonly [{
                        readonly type: "integer";
                    }, {
                        readonly type: "null";
                    }];
                };
                readonly rewindDetected: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineTampered: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineForeign: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly unverifiableCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly forgedCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly anchorForged: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly tailRecords: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly intact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly problems: {
                    readonly type: "array";
                    readonly required: true;
                    readonly items: {
                        readonly type: "string";
                    };
                };
            };
        };
    };
};
export declare const CLAIM_SCHEMA: {
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly grade: {
            readonly type: "string";
            readonly required: true;
            readonly enum: readonly Grade[];
        };
        /** How the re-run checks were chosen: `resolved` (TypeScript's own module resolution joined the import graph), `approximate` (the pattern graph), `forced` (every check). */
        readonly impactPrecision: {
            readonly type: "string";
            readonly required: true;
            readonly enum: readonly ["resolved", "approximate", "forced"];
        };
        readonly evidenceRoot: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "string";
            }, {
                readonly type: "null";
            }];
        };
        readonly tally: {
            readonly type: "object";
            readonly required: true;
            readonly additionalProperties: false;
            readonly properties: {
                readonly passing: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly regressions: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly preExisting: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly indeterminate: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly notRun: {
                    readonly type: "integer";
                    readonly required: true;
                };
            };
        };
        readonly ran: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly regressions: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly check: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly verdict: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    /** Session files (the agent's, explicit, unknown origin) that can explain it, most likely first. */
                    readonly suspects: {
                        readonly type: "array";
                        readonly required: true;
                        readonly items: {
                            readonly type: "string";
                        };
                    };
                    /** Files changed outside the agent's tool stream that can explain it, most likely first. */
                    readonly externalSuspects: {
                        readonly type: "array";
                        readonly required: true;
                        readonly items: {
                            readonly type: "string";
                        };
                    };
                    /** `external`: its only plausible cause changed outside the session — not charged. */
                    readonly cause: {
                        readonly type: "string";
                        readonly required: true;
                        readonly enum: readonly ["session", "external"];
                    };
                    readonly salientLine: {
                        readonly required: true;
                        readonly oneOf: readonly [{
                            readonly type: "string";
                        }, {
                            readonly type: "null";
                        }];
                    };
                };
            };
        };
        readonly changed: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly path: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly origin: {
                        readonly type: "string";
                        readonly required: true;
                        readonly enum: readonly ["agent", "external", "explicit", "unknown"];
                    };
                };
            };
        };
        readonly external: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly changeMethods: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly degraded: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "string";
            }, {
                readonly type: "null";
            }];
        };
        readonly blockers: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "string";
            };
        };
        readonly integrity: {
            readonly type: "object";
            readonly required: true;
            readonly additionalProperties: false;
            readonly properties: {
                readonly chainMode: {
                    readonly type: "string";
                    readonly required: true;
                    readonly enum: readonly ["signed", "hash-only"];
                };
                readonly records: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly checkpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly chainIntact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly firstBrokenRecord: {
                    readonly required: true;
                    readonly oneOf: readonly [{
                        readonly type: "integer";
                    }, {
                        readonly type: "null";
                    }];
                };
                readonly rewindDetected: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineTampered: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineForeign: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly unverifiableCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly forgedCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly anchorForged: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly tailRecords: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly intact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly problems: {
                    readonly type: "array";
                    readonly required: true;
                    readonly items: {
                        readonly type: "string";
                    };
                };
            };
        };
        readonly claim: {
            readonly type: "string";
            readonly required: true;
        };
    };
};
export declare const BASELINE_SCHEMA: {
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly status: {
            readonly type: "string";
            readonly required: true;
            readonly enum: readonly ["saved", "aborted"];
        };
        readonly evidenceRoot: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "string";
            }, {
                readonly type: "null";
            }];
        };
        readonly checks: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly name: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly outcome: {
                        readonly type: "string";
                        readonly required: true;
                    };
                };
            };
        };
        readonly dirtyFiles: {
            readonly type: "integer";
            readonly required: true;
        };
        readonly integrity: {
            readonly type: "object";
            readonly required: true;
            readonly additionalProperties: false;
            readonly properties: {
                readonly chainMode: {
                    readonly type: "string";
                    readonly required: true;
                    readonly enum: readonly ["signed", "hash-only"];
                };
                readonly records: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly checkpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly chainIntact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly firstBrokenRecord: {
                    readonly required: true;
                    readonly oneOf: readonly [{
                        readonly type: "integer";
                    }, {
                        readonly type: "null";
                    }];
                };
                readonly rewindDetected: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineTampered: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineForeign: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly unverifiableCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly forgedCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly anchorForged: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly tailRecords: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly intact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly problems: {
                    readonly type: "array";
                    readonly required: true;
                    readonly items: {
                        readonly type: "string";
                    };
                };
            };
        };
    };
};
export declare const STATUS_SCHEMA: {
    readonly type: "object";
    readonly additionalProperties: false;
    readonly properties: {
        readonly baseline: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "null";
            }, {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly evidenceRoot: {
                        readonly required: true;
                        readonly oneOf: readonly [{
                            readonly type: "string";
                        }, {
                            readonly type: "null";
                        }];
                    };
                    readonly checks: {
                        readonly type: "array";
                        readonly required: true;
                        readonly items: {
                            readonly type: "object";
                            readonly additionalProperties: false;
                            readonly properties: {
                                readonly name: {
                                    readonly type: "string";
                                    readonly required: true;
                                };
                                readonly outcome: {
                                    readonly type: "string";
                                    readonly required: true;
                                };
                            };
                        };
                    };
                };
            }];
        };
        /** Why the saved baseline cannot be used (tampered, unreadable), or `null`. */
        readonly baselineProblem: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "string";
            }, {
                readonly type: "null";
            }];
        };
        readonly checks: {
            readonly type: "array";
            readonly required: true;
            readonly items: {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly id: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly command: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly cwd: {
                        readonly type: "string";
                        readonly required: true;
                    };
                };
            };
        };
        readonly latest: {
            readonly required: true;
            readonly oneOf: readonly [{
                readonly type: "null";
            }, {
                readonly type: "object";
                readonly additionalProperties: false;
                readonly properties: {
                    readonly kind: {
                        readonly type: "string";
                        readonly required: true;
                        readonly enum: readonly ["verification", "claim"];
                    };
                    readonly grade: {
                        readonly type: "string";
                        readonly required: true;
                        readonly enum: readonly Grade[];
                    };
                    readonly summary: {
                        readonly type: "string";
                        readonly required: true;
                    };
                    readonly evidenceRoot: {
                        readonly type: "string";
                        readonly required: true;
                    };
                };
            }];
        };
        readonly integrity: {
            readonly type: "object";
            readonly required: true;
            readonly additionalProperties: false;
            readonly properties: {
                readonly chainMode: {
                    readonly type: "string";
                    readonly required: true;
                    readonly enum: readonly ["signed", "hash-only"];
                };
                readonly records: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly checkpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly chainIntact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly firstBrokenRecord: {
                    readonly required: true;
                    readonly oneOf: readonly [{
                        readonly type: "integer";
                    }, {
                        readonly type: "null";
                    }];
                };
                readonly rewindDetected: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineTampered: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly baselineForeign: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly unverifiableCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly forgedCheckpoints: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly anchorForged: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly tailRecords: {
                    readonly type: "integer";
                    readonly required: true;
                };
                readonly intact: {
                    readonly type: "boolean";
                    readonly required: true;
                };
                readonly problems: {
                    readonly type: "array";
                    readonly required: true;
                    readonly items: {
                        readonly type: "string";
                    };
                };
            };
        };
    };
};
export type IntegrityView = InferValue<typeof INTEGRITY_SCHEMA>;
export type Tally = InferValue<typeof TALLY_SCHEMA>;
export type VerifyView = InferValue<typeof VERIFY_SCHEMA>;
export type ClaimView = InferValue<typeof CLAIM_SCHEMA>;
export type BaselineView = InferValue<typeof BASELINE_SCHEMA>;
export type StatusView = InferValue<typeof STATUS_SCHEMA>;
export type RegressionView = VerifyView['regressions'][number];
export type ChangedFileView = VerifyView['changed'][number];
export type BaselineCheckView = BaselineView['checks'][number];
/** The store's report as a JSON value (a plain copy). */
export declare function integrityView(report: IntegrityReport): IntegrityView;
