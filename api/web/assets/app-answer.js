// A referee's answer holds for the question it answered, and only while
// that question is still the one on the screen: an answer is kept with its
// question (the inputs and the match's version, as one string), and the
// screen shows it while the question it would ask now is the same. Edited
// inputs, a recorded event (here or from another phone) or another match
// each ask another question, so the old answer is gone from the screen.

/** answer keeps data as the answer to question; null when there is none. */
export function answer(data, question) { return data ? { data, question } : null; }

/** still is the answer's data while question is the one it answered, else null. */
export function still(a, question) { return a && a.question === question ? a.data : null; }

/** question writes a question's parts as one string to compare. */
export function question(...parts) { return JSON.stringify(parts); }
