import type { FlowNetwork } from './network.ts';

/**
 * Maximum source→sink flow on the network, in place (residual capacities change): a greedy pass fills what it
 * can paper by paper, then Dinic's algorithm (breadth-first levels, blocking flows with current-arc pointers,
 * iterative so that long augmenting paths cannot overflow the stack) adds the augmenting paths the greedy pass
 * missed. Returns the flow value and the number of Dinic phases.
 */
export function maximizeFlow(net: FlowNetwork): { flow: number; phases: number } {
  let flow = greedyFill(net);
  const { nodeCount, source, sink, first, head, rev, rcap } = net;
  const level = new Int32Array(nodeCount);
  const queue = new Int32Array(nodeCount);
  const current = new Int32Array(nodeCount);
  const path = new Int32Array(nodeCount);
  let phases = 0;

  const buildLevels = (): boolean => {
    level.fill(-1);
    level[source] = 0;
    queue[0] = source;
    let qHead = 0;
    let qTail = 1;
    while (qHead < qTail) {
      const v = queue[qHead++] as number;
      const nextLevel = (level[v] as number) + 1;
      for (let a = first[v] as number, end = first[v + 1] as number; a < end; a++) {
        if ((rcap[a] as number) === 0) continue;
        const w = head[a] as number;
        if ((level[w] as number) >= 0) continue;
        level[w] = nextLevel;
        if (w === sink) return true;
        queue[qTail++] = w;
      }
    }
    return false;
  };

  while (buildLevels()) {
    phases++;
    current.set(first.subarray(0, nodeCount));
    const sinkLevel = level[sink] as number;
    let depth = 0;
    let v = source;
    for (;;) {
      if (v === sink) {
        let delta = 0x7fffffff;
        for (let k = 0; k < depth; k++) delta = Math.min(delta, rcap[path[k] as number] as number);
        for (let k = 0; k < depth; k++) {
          const a = path[k] as number;
          const b = rev[a] as number;
          rcap[a] = (rcap[a] as number) - delta;
          rcap[b] = (rcap[b] as number) + delta;
        }
        flow += delta;
        let k = 0;
        while ((rcap[path[k] as number] as number) > 0) k++;
        depth = k;
        v = k === 0 ? source : (head[path[k - 1] as number] as number);
        continue;
      }
      const wanted = (level[v] as number) + 1;
      let a = current[v] as number;
      const end = first[v + 1] as number;
      // Nodes at the sink's level other than the sink lead nowhere useful.
      if (wanted <= sinkLevel) {
        for (; a < end; a++) {
          if ((rcap[a] as number) > 0 && level[head[a] as number] === wanted) break;
        }
      } else {
        a = end;
      }
      current[v] = a;
      if (a < end) {
        path[depth++] = a;
        v = head[a] as number;
        continue;
      }
      if (depth === 0) break;
      level[v] = -1;
      depth--;
      v = depth === 0 ? source : (head[path[depth - 1] as number] as number);
      current[v] = (current[v] as number) + 1;
    }
  }
  return { flow, phases };
}

/** Fills each paper with the first reviewers that still have room; returns the flow it placed. */
function greedyFill(net: FlowNetwork): number {
  const { papers, first, head, rev, rcap, sourceArc, sinkArc } = net;
  let flow = 0;
  for (let i = 0; i < papers; i++) {
    const sa = sourceArc[i] as number;
    if (sa < 0) continue;
    const p = 1 + i;
    for (let a = first[p] as number, end = first[p + 1] as number; a < end && (rcap[sa] as number) > 0; a++) {
      if ((rcap[a] as number) === 0) continue;
      const r = head[a] as number;
      if (r === 0) continue; // the reverse arc back to the source
      const ta = sinkArc[r - 1 - papers] as number;
      if ((rcap[ta] as number) === 0) continue;
      for (const arc of [sa, a, ta]) {
        const b = rev[arc] as number;
        rcap[arc] = (rcap[arc] as number) - 1;
        rcap[b] = (rcap[b] as number) + 1;
      }
      flow++;
    }
  }
  return flow;
}
