/** Words that start a sentence, their first letter a capital: "the scanner…" as "The scanner…". */
export const capitalised = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);
