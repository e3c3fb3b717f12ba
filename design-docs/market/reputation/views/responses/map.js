// Chat conversations a customer opened with an agent (`chatresponse:<conversation>`, written by
// message delivery), by when the customer's first message was sent: every one under 'opened';
// answered ones under 'answered' with the hours to the agent's first message, and under
// 'in_time' when that came within 24 hours. A conversation the agent opened is not counted.
function (doc) {
  if (doc.type !== 'chat_response' || !doc.customer_first_at) return;
  var opened = doc.customer_first_at;
  if (doc.agent_first_at && doc.agent_first_at <= opened) return;
  emit([doc.agent_id, 'opened', opened], 1);
  if (!doc.agent_first_at) return;
  var ms = Date.parse(doc.agent_first_at) - Date.parse(opened);
  emit([doc.agent_id, 'answered', opened], ms / 3600000);
  if (ms <= 86400000) emit([doc.agent_id, 'in_time', opened], 1);
}
