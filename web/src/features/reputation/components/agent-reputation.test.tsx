import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NEW_AGENT_REPUTATION } from '@/testing/fixtures';
import { AgentReputationFacts } from './agent-reputation';

describe('<AgentReputationFacts>', () => {
  afterEach(() => cleanup());

  it('shows the agent’s level, response time and on-time rate', () => {
    render(
      <AgentReputationFacts
        reputation={{
          level: 'top_rated',
          completed_orders: 80,
          rating: { average: 4.9, count: 70 },
          on_time_rate: 0.975,
          response_rate: 0.98,
          response_time_hours: 0.6,
          cancellation_rate: 0.01,
        }}
      />,
    );
    const facts = screen.getByTestId('agent-reputation');
    expect([...facts.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Seller level',
      'Response time',
      'On-time delivery',
    ]);
    expect(screen.getByTestId('seller-level').textContent).toBe('Top Rated');
    expect(screen.getByTestId('response-time').textContent).toBe('Within an hour');
    expect(screen.getByTestId('on-time-rate').textContent).toBe('98%');
  });

  it('shows a dash for what there is nothing to measure yet', () => {
    render(<AgentReputationFacts reputation={NEW_AGENT_REPUTATION} />);
    expect(screen.getByTestId('seller-level').textContent).toBe('New seller');
    expect(screen.getByTestId('response-time').textContent).toBe('—');
    expect(screen.getByTestId('on-time-rate').textContent).toBe('—');
  });
});
