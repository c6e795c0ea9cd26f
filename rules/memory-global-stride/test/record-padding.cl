// RUN: not %cllint --all --min-impact=0 --rules=-*,memory-global-stride %s | %check-findings
// Every field of a record read: the bytes left are alignment padding, which no layout drops
// (nothing to report); two of four fields read: half of every record is fetched for nothing.

typedef struct { __global float *p; int n; } Span;       // 8 + 4 + 4 padding
typedef struct { float a, b, c, d; } Quad;

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void padded(__global float *out, __global const Span *spans, __global const Quad *quads) {
  int i = get_global_id(0);
  out[i] = spans[i].n + *spans[i].p;
  out[i] += quads[i].a + quads[i].b;
// CHECK: record-padding.cl:[[@LINE-1]]:13: warning: {{([^:]*: )?}}{{.*}}2 global loads of 'quads' use 8 of every 16 B between consecutive work-items{{.*}} [memory-global-stride]
// CHECK: record-padding.cl:[[@LINE-2]]:26: note: accessed together with the accesses at 12:26
}
