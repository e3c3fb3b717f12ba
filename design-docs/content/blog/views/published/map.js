// Published blog posts, newest first when read descending: key published_at.
function (doc) {
  if (doc.type === 'blog_post' && doc.status === 'published' && doc.published_at) {
    emit(doc.published_at, null);
  }
}
