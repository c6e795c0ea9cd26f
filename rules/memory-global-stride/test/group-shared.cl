// RUN: not %cllint --rules=-*,memory-global-stride %s | %check-findings
// A load whose lanes are permuted within the work-group (packed data unpacked lane by lane): each
// warp uses part of more sectors than it needs, but the group's warps together use every byte of
// them, and L1, shared by the group on its compute unit, serves the rest: not a finding
// (libfreenect2's depth unpacking measured 4% on an NVIDIA GPU). Stores get no such help, and a
// scatter over more than the group uses stays a finding.

__kernel void unpack(__global const ushort *packed, __global float *out) {
  uint x = get_global_id(0);
  uint word = (x >> 2) + ((x & 3) << 6);
  out[x] = packed[(x & ~255u) + word];
}

__kernel void repack(__global const float *in, __global ushort *packed) {
  uint x = get_global_id(0);
  uint word = (x >> 2) + ((x & 3) << 6);
  packed[(x & ~255u) + word] = (ushort)in[x];
  // CHECK: group-shared.cl:[[@LINE-1]]:3: warning: {{.*}}global store whose address is not linear in the work-item ids
}

__kernel void scatter_read(__global const float *table, __global float *out) {
  uint x = get_global_id(0);
  out[x] = table[(x * 37) & 4095];
  // CHECK: group-shared.cl:[[@LINE-1]]:12: warning: {{.*}}global load whose address is not linear in the work-item ids
}
