_count
