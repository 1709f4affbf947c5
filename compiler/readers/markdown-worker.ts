/**
 * A worker thread that parses a share of the documents: Markdown parsing is
 * most of a cold run, and it spreads over cores. Input and output are plain
 * data (the reader's output is structured-cloneable).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { MarkdownDoc } from "../model/types.js";
import { readMarkdown, type ReadMarkdownOptions } from "./markdown.js";

export interface MarkdownJob {
  opts: ReadMarkdownOptions;
  files: { file: string; text: string; bom: boolean }[];
}

const job = workerData as MarkdownJob;
const docs: MarkdownDoc[] = job.files.map((f) => readMarkdown(f.file, f.text, { ...job.opts, bom: f.bom }));
parentPort!.postMessage(docs);
