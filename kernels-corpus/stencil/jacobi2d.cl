// RUN: %cllint %s | %check-findings --allow-empty
//
// One Jacobi sweep for the 2-D Laplace equation on a w x h grid
// (5-point stencil). Boundary cells keep their value.
// NDRange: (w, h), any local size (16x16 is typical).
//
// Dimension 0 runs along rows, so u[gy*w + gx] and its four neighbours
// are unit stride across a warp; the interior test only idles the first
// and last column, never a strided subset of lanes.

__kernel void jacobi2d(__global const float *u,
                       __global float *u_new,
                       const int w,
                       const int h)
{
    const int gx = get_global_id(0);
    const int gy = get_global_id(1);
    if (gx >= w || gy >= h)
        return;

    const int idx = gy * w + gx;
    if (gx > 0 && gx < w - 1 && gy > 0 && gy < h - 1) {
        u_new[idx] = 0.25f * (u[idx - 1] + u[idx + 1] +
                              u[idx - w] + u[idx + w]);
    } else {
        u_new[idx] = u[idx];
    }
}
