export declare const ROOT: string;
export declare const CLIENT_INDEX: string;
export declare const SERVER_BUNDLE: string;
export declare const STAMP: string;
export declare function hashInputs(): { hash: string; files: number };
export declare function staleReason(): string | null;
export declare function writeStamp(): void;
