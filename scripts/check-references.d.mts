/** The folders checked, from the repository's root. */
export declare const CHECKED_FOLDERS: string[];
/** What a reference to an outside document looks like. */
export declare const REFERENCE_PATTERNS: { name: string; pattern: RegExp }[];
/** The references on one line: the pattern's name and the text it matched. */
export declare function referencesIn(line: string): { name: string; text: string }[];
/** Every reference in the checked folders of `root`. */
export declare function findReferences(root: string): { file: string; line: number; name: string; text: string }[];
