// A __local parameter and no reqd_work_group_size: its size is unknown.
__kernel void local_scratch(__global float *out, __local float *scratch) {
  const int l = get_local_id(0);
  scratch[l] = l * 0.5;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = scratch[get_local_size(0) - 1 - l];
}
