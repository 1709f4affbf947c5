// Types of typescript.cjs: the compiler namespace ts-morph exports as `ts`.
import { ts } from "ts-morph";
export = ts;
