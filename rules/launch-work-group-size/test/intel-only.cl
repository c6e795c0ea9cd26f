// RUN: not %cllint --min-impact=0 --all --rules=-*,launch-work-group-size %s | %check-findings
// A kernel that calls Intel's sub-group built-ins or requires an Intel sub-group size runs only
// on Intel GPUs, where a 16-item group is one full SIMD16 sub-group: its shape is not measured
// against NVIDIA's or AMD's warps. The same shape on a portable kernel is a finding.

// Declared by the Intel driver's headers (cl_intel_subgroups).
uint intel_sub_group_shuffle(uint value, uint lane);

__kernel __attribute__((reqd_work_group_size(16, 1, 1))) void
intel_motion(__global short2 *mv) {
  mv[get_group_id(0)] = as_short2(intel_sub_group_shuffle((uint)get_local_id(0), 0));
}

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
__attribute__((intel_reqd_sub_group_size(16))) void intel_sized(__global float *o) {
  o[get_global_id(0)] = 1.0f;
}

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
// CHECK: intel-only.cl:[[@LINE-1]]:25: warning: {{.*}}reqd_work_group_size(16x1x1) gives 16 work-items, not a multiple of the warp width 32
// CHECK: intel-only.cl:[[@LINE-2]]:25: note: on amd
void portable(__global float *o) { o[get_global_id(0)] = 1.0f; }
