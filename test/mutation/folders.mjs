// The folders mutation testing covers, one Stryker run each (`npm run mutate -- <name>`).
const RT = "packages/response-template/runtime";
const PLAN = "packages/response-template-compiler/plan";
const EMIT = "packages/response-template-compiler/emit";

export const FOLDERS = {
  "runtime-content": { mutate: [`${RT}/content/*.ts`] },
  "runtime-content-ext": { mutate: [`${RT}/content/ext/*.ts`] },
  "runtime-engine": { mutate: [`${RT}/engine/*.ts`] },
  "runtime-python": { mutate: [`${RT}/python/*.ts`] },
  "runtime-regex": { mutate: [`${RT}/regex/*.ts`, `!${RT}/regex/unicode-tables.ts`] },
  "runtime-template": { mutate: [`${RT}/template/*.ts`] },
  "runtime-transform": { mutate: [`${RT}/transform/*.ts`] },
  "runtime-root": { mutate: [`${RT}/*.ts`] },
  "compiler-plan": { mutate: [`${PLAN}/*.ts`] },
  "compiler-emit": { mutate: [`${EMIT}/*.ts`] },
};
