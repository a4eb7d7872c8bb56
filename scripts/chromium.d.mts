export declare const chromiumPath: string
export declare const extensionLaunchArgs: (dist: string) => string[]
