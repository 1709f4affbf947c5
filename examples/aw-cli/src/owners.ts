export const FLOW_ADVANCE = "aw flow advance";
