// RUN: %cllint %s | %check-findings --allow-empty
//
// y = a * x + y over n floats, one element per work-item with a tail
// guard (the NDRange is rounded up to a multiple of the work-group size).
// NDRange: (round_up(n, 256)), local (256).

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void saxpy(const uint n,
           const float a,
           __global const float *x,
           __global float *y)
{
    const size_t i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
