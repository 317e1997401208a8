// English function words left out of the content field. They match nearly every note, so their
// postings are the longest lists in the index and say nothing about what a note is about. They are
// still indexed in titles, aliases, headings and tags (a note called "The Who" stays findable),
// and a query made only of stopwords searches those fields.
//
// Kept short on purpose: every word here is one a user can no longer find in note bodies. The
// question words are here because people ask the chat in questions ("how do I embed a pdf"): kept,
// they matched every note with "how" in an alias or "do" in its text, above the note about embeds.

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i if in into is it its ' +
    'me my not of on or our she so than that the their them then there these they this those to ' +
    'us was we were which who will with you your ' +
    'how what when where why do does did can could would should'
  ).split(' '),
);
