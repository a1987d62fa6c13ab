export { canonical, digestTraces, digestText, untag, readJsonl } from "../../test/support/tagged.ts";
