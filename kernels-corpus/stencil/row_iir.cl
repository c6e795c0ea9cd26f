// RUN: not %cllint %s | %check-findings
//
// First-order recursive (exponential smoothing) filter along the rows of
// a w x h image: y[x] = a * in[x] + (1 - a) * y[x - 1]. The recursion is
// sequential along a row, so each work-item owns one row.
// NDRange: (h), any local size.
//
// Consecutive work-items therefore work on consecutive *rows*: at every
// step of the loop the lanes of a warp are w floats apart, on both the
// load and the store. Storing the image transposed (or running the pass
// on columns, where work-items own adjacent columns) makes it coalesce.

__kernel void row_iir(__global const float *in,
                      __global float *out,
                      const int w,
                      const float a)
{
    const int row = get_global_id(0);
    const float b = 1.0f - a;

    float prev = 0.0f;
    for (int x = 0; x < w; ++x) {
        prev = a * in[row * w + x] + b * prev;
// CHECK: row_iir.cl:[[@LINE-1]]:20: warning: {{.*}} [memory-global-stride]
        out[row * w + x] = prev;
// CHECK: row_iir.cl:[[@LINE-1]]:9: warning: {{.*}} [memory-global-stride]
    }
}
