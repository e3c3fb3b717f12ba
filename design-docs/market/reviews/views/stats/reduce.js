_sum
