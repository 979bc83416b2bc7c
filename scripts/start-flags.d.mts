/** The Node flags of package.json's start script, e.g. ['--max-semi-space-size=4', '--max-old-space-size=192']. */
export declare const START_FLAGS: string[];
