export declare function testTimeScale(env?: Record<string, string | undefined>): number;
export declare function scaled(ms: number, env?: Record<string, string | undefined>): number;
